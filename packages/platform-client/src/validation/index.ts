export {
  MAX_DESCRIPTION_LENGTH,
  MAX_OBJECT_NAME_LENGTH,
  hasNameConflict,
  sameObjectName,
  validateRepositoryObject,
} from '@ics/platform-contract';
export { singlePreference } from './preferences.ts';
