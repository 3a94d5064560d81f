/**
 * The emulator's product catalogue: realistic services of a cloud data-management suite,
 * in groups. English labels and descriptions live here; the other languages are in
 * `translations/<subtag>.json` and are served at the address rule of SW-5.3.
 */
interface CatalogueProduct {
  readonly uniqueName: string;
  readonly label: string;
  readonly description: string;
  /** Hue of the generated icon; `null` means the product's image is missing on purpose. */
  readonly iconHue: number | null;
  readonly needLicense: boolean;
  readonly openInNewWindow: boolean;
}

export interface CatalogueGroup {
  readonly uniqueName: string;
  readonly label: string;
  readonly products: readonly CatalogueProduct[];
}

const p = (
  uniqueName: string,
  label: string,
  description: string,
  iconHue: number | null,
  options: { needLicense?: boolean; openInNewWindow?: boolean } = {},
): CatalogueProduct => ({
  uniqueName,
  label,
  description,
  iconHue,
  needLicense: options.needLicense ?? true,
  openInNewWindow: options.openInNewWindow ?? false,
});

/**
 * The seeded product catalogue: 22 services in 6 groups, each product with its label, description,
 * icon hue and whether it needs a licence.
 */
export const catalogue: readonly CatalogueGroup[] = [
  {
    uniqueName: 'integration.group',
    label: 'Data Integration',
    products: [
      p(
        'cdi',
        'Data Integration',
        'Build, run and monitor data pipelines between cloud and on-premises systems.',
        210,
      ),
      p(
        'cmi',
        'Mass Ingestion',
        'Move large volumes of files, databases and streams into your cloud data lake.',
        190,
      ),
      p(
        'cdi-elastic',
        'Advanced Data Integration',
        'Run complex transformations at scale on elastic serverless clusters.',
        230,
      ),
      p('b2b', 'B2B Gateway', 'Exchange documents securely with your trading partners.', 260, {
        openInNewWindow: true,
      }),
    ],
  },
  {
    uniqueName: 'appint.group',
    label: 'Application Integration',
    products: [
      p(
        'cai',
        'Application Integration',
        'Connect applications and automate business processes in real time.',
        20,
      ),
      p('apim', 'API Manager', 'Publish, secure and monitor the APIs of your organization.', 35),
      p('apip', 'API Portal', 'Let developers discover and subscribe to your published APIs.', 50, {
        openInNewWindow: true,
        needLicense: false,
      }),
    ],
  },
  {
    uniqueName: 'quality.group',
    label: 'Data Quality and Governance',
    products: [
      p('cdq', 'Data Quality', 'Cleanse, standardize and verify data with reusable rules.', 140),
      p(
        'dprofile',
        'Data Profiling',
        'Discover the structure, content and quality of your data sources.',
        160,
      ),
      p(
        'cdgc',
        'Data Governance and Catalog',
        'Find, understand and govern data assets across the enterprise.',
        120,
      ),
      p(
        'cdmp',
        'Data Marketplace',
        'Shop for trusted data sets and request access in a few clicks.',
        100,
        { openInNewWindow: true },
      ),
      p('mask', 'Data Masking', 'Protect sensitive data in non-production environments.', 0),
    ],
  },
  {
    uniqueName: 'mdm.group',
    label: 'Master Data Management',
    products: [
      p('c360', 'Customer 360', 'Create a trusted, complete view of every customer.', 290),
      p('p360', 'Product 360', 'Manage rich product information for every sales channel.', 310),
      p(
        'supplier360',
        'Supplier 360',
        'Onboard suppliers faster and keep their data accurate.',
        330,
      ),
      p('ref360', 'Reference 360', 'Govern code lists and reference data in one place.', null),
    ],
  },
  {
    uniqueName: 'analytics.group',
    label: 'Analytics and Insights',
    products: [
      p(
        'oi',
        'Operational Insights',
        'Track the health, usage and cost of your integration workloads.',
        60,
      ),
      p(
        'discoveryiq.core',
        'Discovery IQ',
        'Get recommendations and usage analytics for your organization.',
        80,
        { needLicense: false },
      ),
      p('modelserve', 'Model Serve', 'Deploy machine learning models as scalable endpoints.', 275),
    ],
  },
  {
    uniqueName: 'common.group',
    label: 'Platform Services',
    products: [
      p(
        'admin',
        'Administrator',
        'Manage users, runtime environments, connections and licenses.',
        215,
        { needLicense: false },
      ),
      p('monitor', 'Monitor', 'Follow jobs, schedules and runtime events in one view.', 175, {
        needLicense: false,
      }),
      p('mcc', 'Metadata Command Center', 'Configure metadata scans and catalog sources.', 245),
    ],
  },
];
