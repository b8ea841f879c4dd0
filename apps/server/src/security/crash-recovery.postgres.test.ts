import { crashRecoverySuite } from '../test/crash-recovery.ts';

// kill -9 in the middle of a bulk move, a copy and an import, on PostgreSQL (issue 14 §7; the body is shared).
crashRecoverySuite('postgres');
