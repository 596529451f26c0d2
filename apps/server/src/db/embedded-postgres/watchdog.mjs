// Started by the server beside its embedded PostgreSQL, with a pipe from the server as standard input. The
// pipe closes when the server ends in any way, `kill -9` included; the watchdog then asks PostgreSQL for a
// fast shutdown, so no PostgreSQL outlives the server that owned it. Plain JavaScript: it must start fast.
const postgresPid = Number(process.argv[2]);

process.stdin.on('close', () => {
  try {
    process.kill(postgresPid, 'SIGINT');
  } catch {
    // Already stopped.
  }
  process.exit(0);
});
process.stdin.on('error', () => process.stdin.destroy());
process.stdin.resume();
