import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * 20-character ids that sort by creation time (10 chars of milliseconds, 10 random), so the
 * cursor pagination the modules use can order by id alone. Within one millisecond the random part
 * counts up from the previous id, so ids made in a burst (a bulk import, an inventory count) still
 * sort in the order they were made.
 */
export function newId(now: number = Date.now()): string {
  let random: number[];
  if (now > lastTime) {
    random = [...randomBytes(10)].map((b) => b % 32);
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
