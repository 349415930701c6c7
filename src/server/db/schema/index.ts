/**
 * Every table, one file per owning module: a module's server code imports its own file only
 * (ESLint checks it); the database client, migrations (drizzle-kit), seed and tests use this index.
 */
export * from './agent';
export * from './auth';
export * from './channel';
export * from './customer';
export * from './delivery';
export * from './discount';
export * from './notification';
export * from './order';
export * from './payment';
export * from './platform';
export * from './pos';
export * from './product';
export * from './shop';
export * from './stats';
export * from './storefront';
export * from './subscription';
export * from './user';
export * from './jobs';
export * from './console';
export * from './crm';
export * from './loyalty';
