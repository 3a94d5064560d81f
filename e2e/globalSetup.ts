import { clearMismatches } from './conformance.ts';

export default clearMismatches;
