import { positiveSerial } from '@reformer/pix-emulator/test-ca';
import { describe, expect, it } from 'vitest';

describe("the test CA's serial numbers", () => {
  it('are minimal positive DER integers, which OpenSSL requires of every certificate it loads', () => {
    // The earlier serial failed 1 time in 512 (a zero first byte); 20,000 draws meet that case ~39 times.
    for (let draw = 0; draw < 20_000; draw += 1) {
      const [first] = positiveSerial();
      expect(first).toBeGreaterThanOrEqual(0x01);
      expect(first).toBeLessThan(0x80);
    }
  });
});
