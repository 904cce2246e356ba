import type { Runtime } from '../../api/schemas/runtimes';
import { notFound } from '../http';
import type { SandboxModule } from '../module';

const COMMON = {
  '@faker-js/faker': '8.4.1',
  '@opentelemetry/api': '1.9.0',
  aws4: '1.13.2',
  axios: '1.7.9',
  chai: '4.5.0',
  'crypto-js': '4.2.0',
  'date-fns': '3.6.0',
  dotenv: '16.4.7',
  'form-data': '4.0.1',
  jsonwebtoken: '9.0.2',
  lodash: '4.17.21',
  'node-fetch': '2.7.0',
  otpauth: '9.3.6',
  uuid: '10.0.0',
  ws: '8.18.0',
};

function runtime(
  name: string,
  stage: string,
  nodeJsVersion: string,
  runtimeEndOfLife: string,
  playwright: string,
  extra: Record<string, string> = {},
): Runtime {
  return {
    name,
    multiStepSupport: name >= '2023.09',
    nodeJsVersion,
    stage,
    runtimeEndOfLife,
    description: `Main updates are Node.js ${nodeJsVersion.replace(/^v(\d+).*/, '$1')} and Playwright ${playwright}`,
    dependencies: { '@playwright/test': playwright, playwright, ...COMMON, ...extra },
  };
}

/** The seven runtimes mon knows (RUNTIME_IDS), newest first, as GET /v1/runtimes returns them. */
export const RUNTIMES: Runtime[] = [
  runtime('2026.04', 'BETA', 'v24.11.1', '04/30/2028', '1.58.2', { axios: '1.13.2', uuid: '13.0.0', zod: '4.1.12' }),
  runtime('2025.04', 'CURRENT', 'v22.14.0', '04/30/2027', '1.51.1', { axios: '1.8.4', uuid: '11.1.0' }),
  runtime('2024.09', 'STABLE', 'v20.17.0', '09/30/2026', '1.47.2'),
  runtime('2024.02', 'DEPRECATED', 'v18.19.1', '02/28/2026', '1.41.2', { chai: '4.4.1', axios: '1.6.7' }),
  runtime('2023.09', 'DEPRECATED', 'v18.17.1', '12/31/2025', '1.38.0', { chai: '4.3.10', axios: '1.5.0' }),
  runtime('2023.02', 'REMOVED', 'v16.19.1', '06/30/2025', '1.31.1', { chai: '4.3.7', axios: '1.3.4' }),
  runtime('2022.10', 'REMOVED', 'v16.17.1', '12/31/2024', '1.28.0', { chai: '4.3.6', axios: '0.27.2' }),
];

export const runtimesModule: SandboxModule = {
  name: 'runtimes',
  routes(router) {
    router.get('/v1/runtimes', () => ({ status: 200, body: RUNTIMES }));
    router.get('/v1/runtimes/:id', ({ params }) => {
      const found = RUNTIMES.find((candidate) => candidate.name === params.id);
      if (!found) throw notFound(`Runtime ${params.id}`);
      return { status: 200, body: found };
    });
  },
};
