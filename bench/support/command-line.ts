/** The command line of a benchmark script. */

/**
 * `argv`'s options and positional arguments: `option(name)` is the value after `name`, and
 * `positional` every argument that is neither an option nor the value of one of `valued`.
 */
export function commandLine(argv: readonly string[], valued: readonly string[]) {
  return {
    option(name: string): string | undefined {
      const at = argv.indexOf(name);
      return at >= 0 ? argv[at + 1] : undefined;
    },
    positional: argv.filter((arg, i) => !arg.startsWith("--") && !valued.includes(argv[i - 1] ?? "")),
  };
}
