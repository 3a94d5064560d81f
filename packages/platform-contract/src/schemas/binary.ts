import { Type } from '@sinclair/typebox';

/** Bytes: a package sent or received as `application/octet-stream`. */
export const Binary = Type.Unsafe<Blob>({ type: 'string', format: 'binary' });
