export {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  nameKey,
  namesConflict,
  validateDescription,
  validateRepositoryName,
} from '@ics/platform-contract';
export { singlePreference } from './preferences.ts';
