/**
 * Asks on the terminal for a value that must not show (a passphrase): raw mode, nothing echoed. Null when
 * there is no terminal to ask on (a script, a pipe). Ctrl-C ends the command.
 */
export async function promptHidden(question: string): Promise<string | null> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) return null;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  try {
    return await new Promise<string>((resolve) => {
      let typed = '';
      const onData = (data: Buffer) => {
        for (const character of data.toString('utf8')) {
          if (character === '\u0003') {
            stderr.write('\n');
            process.exit(130);
          }
          if (character === '\r' || character === '\n') {
            stdin.off('data', onData);
            stderr.write('\n');
            resolve(typed);
            return;
          }
          typed = character === '\u007f' || character === '\b' ? typed.slice(0, -1) : typed + character;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}
