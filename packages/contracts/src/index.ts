export * from './client-errors.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './removal.ts';
export * from './return-path.ts';
export * from './storage.ts';
export * from './store.ts';
export * from './users.ts';
