// Test-only: loaded into a server process with NODE_OPTIONS="--import <this file's URL>", it moves the
// process's clock (Date.now, which the server's systemClock reads) by CHAT_TEST_CLOCK_SHIFT_MS
// milliseconds, so a test can start a real server in the past without any setting in the product.
const shift = Number(process.env.CHAT_TEST_CLOCK_SHIFT_MS ?? '0');
if (Number.isFinite(shift) && shift !== 0) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + shift;
}
