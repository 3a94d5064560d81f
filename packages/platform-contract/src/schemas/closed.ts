/**
 * Options of every object schema of the contract: a property the contract does not declare is
 * an error, in a request (answered 400 naming it) and in an answer (a conformance failure).
 */
export const closed = { additionalProperties: false } as const;
