// Side-effect free on purpose: importing this creates no SDK client, so scripts can set the
// endpoints first. Services are imported by path (e.g. `@gia/functions/admins/service.ts`).
export {
  GROUP_HANDLERS,
  handlerEntry,
  LAMBDA_EXTERNAL_MODULES,
  lambdaExternalModules,
  lambdaBundling,
  type LambdaBundling,
} from './groups.ts';
export { TABLE_DEFINITION, KEY_ATTRIBUTES } from './db/table.ts';
export { POOL_GROUP } from './lib/pools.ts';
export type { LambdaHandler } from './lib/http.ts';
export { INVOICE_FONT_FILES, INVOICE_PREFIX } from './invoices/files.ts';
