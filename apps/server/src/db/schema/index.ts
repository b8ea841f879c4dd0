export * from './candidates.ts';
export * from './catalog.ts';
export * from './credits.ts';
export * from './job-offers.ts';
export * from './licences.ts';
export * from './system.ts';
export * from './users.ts';
