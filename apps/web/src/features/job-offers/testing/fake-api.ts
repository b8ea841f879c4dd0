// The fake API moved to src/test/ so every feature's tests can use it; kept here for the existing imports.
export * from '../../../test/fake-api';
