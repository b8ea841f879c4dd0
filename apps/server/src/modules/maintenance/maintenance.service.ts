import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { maintenance } from '../../db/schema/index.ts';

export type MaintenanceWindow = { breakAt: Date; duration: number };

export async function getMaintenance(db: Db): Promise<MaintenanceWindow | undefined> {
  const [row] = await db.select().from(maintenance).where(eq(maintenance.id, 1));
  return row ? { breakAt: row.breakAt, duration: row.duration } : undefined;
}

export async function setMaintenance(db: Db, window: MaintenanceWindow) {
  await db
    .insert(maintenance)
    .values({ id: 1, ...window })
    .onConflictDoUpdate({ target: maintenance.id, set: window });
}

export async function clearMaintenance(db: Db) {
  await db.delete(maintenance).where(eq(maintenance.id, 1));
}

/** The window is on from its start until start + duration minutes (docs/decisions/005). */
export const isMaintenanceOn = (window: MaintenanceWindow | undefined, now = Date.now()) =>
  window !== undefined &&
  now >= window.breakAt.getTime() &&
  now < window.breakAt.getTime() + window.duration * 60_000;
