import { Type } from '@sinclair/typebox';

/** Bytes: a package sent or received as `application/octet-stream`. */
export const Binary = Type.Unsafe<Blob>({ type: 'string', format: 'binary' });

/** A multipart form; its parts are described and checked by the endpoint itself. */
export const Form = Type.Unsafe<FormData>({ type: 'object' });
