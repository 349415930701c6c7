import os from 'node:os';
import path from 'node:path';
import { resetEnvCache } from '@/server/env';

// Each test process gets its own settings; nothing touches .data/.
process.env.NEXTAUTH_SECRET ??= 'test-secret-for-vitest-only-0123456789';
process.env.LOG_LEVEL = 'silent';
process.env.SMS_DRIVER = 'file';
process.env.SMS_FILE_PATH = path.join(os.tmpdir(), `comptoir-sms-${process.pid}.jsonl`);
process.env.PRODUCT_NAME = 'Comptoir';
resetEnvCache();
// Uploads go to a throwaway folder per test process.
process.env.DATA_DIR = path.join(os.tmpdir(), `comptoir-data-${process.pid}`);
resetEnvCache();
