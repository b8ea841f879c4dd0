export * from './common.ts';
export * from './companies.ts';
export * from './job-offers.ts';
export * from './license.ts';
export * from './names.ts';
export * from './statuses.ts';
export * from './tags.ts';
export * from './users.ts';
