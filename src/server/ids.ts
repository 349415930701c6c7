import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

let lastTime = -1;
let lastRandom: number[] = [];

// Random bytes drawn 4 KB at a time: one call to the system's generator per 400 ids rather than
// one per id (an order makes a dozen).
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomDigits(): number[] {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const digits = new Array<number>(10);
  for (let i = 0; i < 10; i++) digits[i] = pool[poolAt + i]! % 32;
  poolAt += 10;
  return digits;
}

/**
 * 20-character ids that sort by creation time (10 chars of milliseconds, 10 random), so the
 * cursor pagination the modules use can order by id alone. Within one millisecond the random part
 * counts up from the previous id, so ids made in a burst (a bulk import, an inventory count) still
 * sort in the order they were made.
 */
export function newId(now: number = Date.now()): string {
  let random: number[];
  if (now > lastTime) {
    random = randomDigits();
    // Leave room to count up within the millisecond.
    random[0] = random[0]! % 16;
    lastTime = now;
  } else {
    random = [...lastRandom];
    for (let i = random.length - 1; i >= 0; i--) {
      if (random[i]! < 31) {
        random[i]!++;
        break;
      }
      random[i] = 0;
    }
    now = lastTime;
  }
  lastRandom = random;
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time + random.map((d) => ALPHABET[d]).join('');
}
