export * from './common.ts';
export * from './license.ts';
export * from './users.ts';
