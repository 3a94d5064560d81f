import { assertNoMismatches } from './conformance.ts';

export default assertNoMismatches;
