import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

/**
 * The Kubernetes manifests of deploy/kubernetes (docs/organisation.md), checked against the
 * Kubernetes API's schemas (kubernetes-models' validators, generated from the API's OpenAPI
 * document) and against what running replicas needs (decision 1222). No cluster is needed.
 */
const folder = new URL('../deploy/kubernetes/', import.meta.url);
const models = {
  'v1/Secret': Secret,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are read as any shape
type Manifest = Record<string, any>;
const manifests: Manifest[] = readdirSync(folder)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(new URL(file, folder), 'utf8')).map(
      (document) => document.toJS() as Manifest,
    ),
  );
const one = (kind: string): Manifest => {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0] as Manifest;
};

describe('the Kubernetes manifests of deploy/kubernetes', () => {
  it('are each an object the Kubernetes API accepts, by its schema for their apiVersion and kind', () => {
    expect(manifests.map((m) => `${m.apiVersion}/${m.kind}`).sort()).toEqual(
      Object.keys(models).sort(),
    );
    for (const manifest of manifests) {
      const Model = models[`${manifest.apiVersion}/${manifest.kind}` as keyof typeof models];
      expect(() => new Model(manifest as never).validate()).not.toThrow();
    }
  });

  it('run at least two replicas of the emulator image, ready on /readyz, alive on /healthz, with a grace period past the drain', () => {
    const deployment = one('Deployment');
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    const [container] = deployment.spec.template.spec.containers as Manifest[];
    const version = JSON.parse(
      readFileSync(new URL('../packages/platform-emulator/package.json', import.meta.url), 'utf8'),
    ).version;
    expect(container?.image).toBe(`ics/platform-emulator:${version}`);
    expect(container?.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container?.livenessProbe.httpGet.path).toBe('/healthz');
    const args = container?.args as string[];
    const drain = Number(args[args.indexOf('--drain') + 1]);
    // The drain outlasts a readiness period or two, and the grace period the drain plus the
    // requests in flight (the statement time-out, 15 s, bounds each).
    expect(drain).toBeGreaterThan(2 * container?.readinessProbe.periodSeconds);
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
      drain + 15,
    );
  });

  it('take DATABASE_URL from the Secret and the seed file from the ConfigMap, and select the pods in the Service and the PodDisruptionBudget', () => {
    const deployment = one('Deployment');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers as Manifest[];
    const database = (container?.env as Manifest[]).find((e) => e.name === 'DATABASE_URL');
    const secret = one('Secret');
    expect(database?.valueFrom.secretKeyRef).toEqual({
      name: secret.metadata.name,
      key: 'DATABASE_URL',
    });
    expect(Object.keys(secret.stringData ?? secret.data)).toContain('DATABASE_URL');
    const configMap = one('ConfigMap');
    const volume = (pod.volumes as Manifest[]).find(
      (v) => v.configMap?.name === configMap.metadata.name,
    );
    const mount = (container?.volumeMounts as Manifest[]).find((m) => m.name === volume?.name);
    const args = container?.args as string[];
    const seed = args[args.indexOf('--seed') + 1];
    const [file] = Object.keys(configMap.data);
    expect(seed).toBe(`${mount?.mountPath}/${file}`);
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    expect(one('Service').spec.selector).toEqual(labels);
    const budget = one('PodDisruptionBudget');
    expect(budget.spec.selector.matchLabels).toEqual(labels);
    expect(budget.spec.maxUnavailable).toBeLessThan(deployment.spec.replicas);
  });

  it("hold in the ConfigMap a seed file the emulator's seed schema accepts", () => {
    const schema = JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../packages/platform-emulator/seed.schema.json', import.meta.url)),
        'utf8',
      ),
    );
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    for (const text of Object.values(one('ConfigMap').data as Record<string, string>)) {
      const valid = validate(JSON.parse(text));
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    }
  });
});
