// The standalone build's entry (docs/any-page.md, decision 1230): for a page that loads one
// `<script type="module">`, React included. Importing it defines `<ics-service-switcher>`,
// whose React part is a chunk loaded when first needed.
import { defineServiceSwitcherElement } from './element.ts';

defineServiceSwitcherElement();

export {
  ServiceSwitcherElement,
  ELEMENT_NAME,
  type CardClickDetail,
  type OpenChangeDetail,
  type SettledDetail,
} from './element.ts';
export { LOCALES, type Locale } from '../model/language.ts';
