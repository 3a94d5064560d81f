import { randomBytes } from 'node:crypto';
import { contract, type AppBranding, type OrgBrandingInput } from '@ics/platform-contract';
import {
  DesignVariables,
  OrgBrandingInput as OrgBrandingInputSchema,
} from '@ics/platform-contract/schemas';
import { Ajv } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import {
  findLogo,
  findOrgBranding,
  findTheme,
  insertTheme,
  listThemes,
  saveOrgBranding,
} from '../db/branding.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { DEFAULT_THEME_ID } from '../seed/services.ts';
import { checkStorable } from '../http/inputs.ts';
import { queryCollection } from '../http/odata.ts';
import type { RouteDeps } from '../http/routeGroup.ts';
import type { ContractRouter } from '../http/router.ts';

/** Largest logo the emulator keeps (the column's check agrees). */
const MAX_LOGO_BYTES = 512 * 1024;

const invalid = (target: string, message: string) =>
  new ApiError(400, 'VALIDATION', `${target} ${message}`, [{ target, message }]);

/**
 * Checks theme JSON, the contract's `contentSchema` of a theme's value and a custom theme: JSON
 * text, storable (checkStorable), and `DesignVariables` (at most 100, names like `primary`, each
 * a number or a text of at most 200 characters).
 */
function checkThemeJson(target: string, text: string): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(target, 'is not valid JSON.');
  }
  checkStorable(target, value);
  if (!designVariables(value)) {
    const error = designVariables.errors?.[0];
    const where = error?.instancePath.split('/').filter(Boolean).join('.');
    throw invalid(
      where ? `${target}.${where}` : target,
      `is not a JSON object of design variables: ${error?.message ?? 'not valid'}.`,
    );
  }
}

/** The media type of an image from its first bytes; SVG is refused (it can carry script). */
function imageType(bytes: Uint8Array): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const ajv = new Ajv({ allErrors: true, strict: true });
/** The `branding` part of the form, checked against the contract (the form itself is not JSON). */
const brandingInput = ajv.compile<OrgBrandingInput>(OrgBrandingInputSchema);
const designVariables = ajv.compile(DesignVariables);

const appBrand = (theme: AppBranding['brand']['theme']): AppBranding => ({
  brand: {
    theme,
    customTheme: null,
    logoAccessUrl: null,
    faviconAccessUrl: '/favicon.ico',
    logoPosition: 'left',
    variables: { productName: 'Intelligent Cloud Services' },
  },
});

/** Branding: the platform's, the organisation's (with its parent's), themes, and uploads. */
export function brandingRoutes(router: ContractRouter, { db }: RouteDeps): void {
  const b = contract.branding;

  router.add(b.getAppBranding, async ({ session }) =>
    appBrand((await findTheme(db, session.user.orgId, DEFAULT_THEME_ID)) ?? null),
  );

  router.add(b.getOrgBranding, async ({ session }) =>
    findOrgBranding(db, session.user.currentOrgId),
  );

  router.add(b.getOrgAndParentOrgBranding, async ({ session }) => {
    const { currentOrgId, parentOrgId } = session.user;
    return {
      org: await findOrgBranding(db, currentOrgId),
      parentOrg: parentOrgId === currentOrgId ? null : await findOrgBranding(db, parentOrgId),
    };
  });

  router.add(b.getThemes, async ({ query, session }) =>
    queryCollection(await listThemes(db, session.user.orgId), query, {
      id: (t) => t.id,
      name: (t) => t.name,
      orgId: (t) => t.orgId,
    }),
  );

  router.add(b.getTheme, async ({ params, session }) => {
    const theme = await findTheme(db, session.user.orgId, params.themeId);
    if (!theme) throw notFound(`The theme '${params.themeId}'`);
    return theme;
  });

  router.add(b.createTheme, async ({ body, session }) => {
    checkThemeJson('body.value', body.value);
    const theme = {
      id: `thm-${randomBytes(8).toString('hex').slice(0, 11)}`,
      orgId: session.user.orgId,
      name: body.name,
      value: body.value,
    };
    if (!(await insertTheme(db, theme)))
      throw conflict(`A theme named '${body.name}' exists already.`);
    return theme;
  });

  router.add(b.saveOrgBranding, async ({ body, session }) => {
    if (!(body instanceof FormData)) {
      throw invalid(
        'body',
        'must be multipart/form-data with a `branding` field and an optional `logo` file.',
      );
    }
    for (const name of new Set(body.keys())) {
      if (name !== 'branding' && name !== 'logo')
        throw invalid(`body.${name}`, 'is not a field of this form.');
      if (body.getAll(name).length > 1) throw invalid(`body.${name}`, 'is given more than once.');
    }
    const text = body.get('branding');
    const file = body.get('logo');
    if (text === null && file === null)
      throw invalid('body', 'needs a `branding` field, a `logo` file, or both.');
    if (text !== null && typeof text !== 'string')
      throw invalid('body.branding', 'must be a text field.');
    if (file !== null && typeof file === 'string') throw invalid('body.logo', 'must be a file.');
    let input: OrgBrandingInput = {};
    if (text !== null) {
      if (text.length > 20000) throw invalid('body.branding', 'is longer than 20000 characters.');
      try {
        input = JSON.parse(text) as OrgBrandingInput;
      } catch {
        throw invalid('body.branding', 'is not valid JSON.');
      }
      // The form's JSON is read here, not by the body parser: the same rules as a JSON body.
      checkStorable('body.branding', input);
      if (!brandingInput(input)) {
        const error = brandingInput.errors?.[0];
        const where = error?.instancePath.split('/').filter(Boolean).join('.');
        const message =
          error?.keyword === 'additionalProperties'
            ? `has unknown property '${String(error.params.additionalProperty)}'`
            : (error?.message ?? 'is not valid');
        throw invalid(where ? `body.branding.${where}` : 'body.branding', message);
      }
    }
    if (input.customTheme) checkThemeJson('body.branding.customTheme', input.customTheme);
    const orgId = session.user.orgId;
    if (input.themeId && !(await findTheme(db, orgId, input.themeId))) {
      throw invalid(
        'body.branding.themeId',
        `names no theme of the organization: '${input.themeId}'.`,
      );
    }
    let logo: { bytes: Uint8Array; type: string } | undefined;
    if (file) {
      if (file.size === 0) throw invalid('body.logo', 'is empty.');
      if (file.size > MAX_LOGO_BYTES)
        throw invalid('body.logo', `is larger than ${MAX_LOGO_BYTES} bytes.`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = imageType(bytes);
      if (!type) throw invalid('body.logo', 'must be a PNG, JPEG, GIF or WebP image.');
      logo = { bytes, type };
    }
    await saveOrgBranding(db, orgId, { ...input, ...(logo ? { logo } : {}) });
    return findOrgBranding(db, orgId);
  });
}

/**
 * Parses `multipart/form-data` bodies into a `FormData` (with Node's built-in `Response.formData()`,
 * no dependency), and serves stored logos at their `logoAccessUrl`. Logos are public: the real
 * platform shows them before sign-in; SVG is never stored, so they cannot carry script.
 */
export function registerBrandingFiles(app: FastifyInstance, db: Database): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      try {
        return await new Response(new Uint8Array(body), {
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
      } catch {
        throw new ApiError(400, 'VALIDATION', 'The multipart body cannot be read.', [
          { target: 'body', message: 'is not valid multipart/form-data' },
        ]);
      }
    },
  );

  app.get<{ Params: { orgId: string; version: string } }>(
    '/branding-service/logos/:orgId/:version',
    async (request, reply) => {
      const version = Number(request.params.version);
      const logo = Number.isSafeInteger(version)
        ? await findLogo(db, request.params.orgId, version)
        : undefined;
      if (!logo) throw notFound('The logo');
      return reply
        .header('Content-Type', logo.type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(Buffer.from(logo.bytes));
    },
  );
}
