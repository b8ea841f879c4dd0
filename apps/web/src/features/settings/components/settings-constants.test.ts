import {
  MAX_STATUSES as CONTRACT_MAX,
  STATUS_PALETTE as CONTRACT_PALETTE,
  ExportFormat,
} from '@vivier/contract';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, MAX_STATUSES, STATUS_PALETTE } from './settings-constants';

describe("the settings screen's constants", () => {
  it("are the contract's, written out so the bundle has no zod", () => {
    expect(EXPORT_FORMATS).toEqual(ExportFormat.options);
    expect(MAX_STATUSES).toBe(CONTRACT_MAX);
    expect(STATUS_PALETTE).toEqual(CONTRACT_PALETTE);
  });
});
