// Runs before `npm start`, `npm run demo`, `npm run sandbox` and `npm test` on whatever Node is installed,
// so an old one gets one line saying what to do instead of a stack trace (ERR_UNKNOWN_FILE_EXTENSION on
// the .ts entry points). Deliberately old-fashioned JavaScript (var, no arrows, no template literals,
// CommonJS) so that even an ancient Node can parse it.
//
// The minimum: Node runs .ts files without a flag from 22.18 (and 23.6), and vitest supports 22.12+ on
// the 22 line, then 24+ (not 23). package.json's "engines" says the same; test/deploy checks they agree.
"use strict";

/** package.json's engines.node, for the consistency test. */
var ENGINES = "^22.18.0 || >=24.0.0";
/** What the message calls the minimum. */
var NEEDED = "Node.js 22.18+ or 24+";

/** True when `version` ("22.18.0", "v24.1.0") meets the minimum. */
function supported(version) {
  var parts = String(version).replace(/^v/, "").split(".");
  var major = Number(parts[0]);
  var minor = Number(parts[1]);
  if (major === 22) return minor >= 18;
  return major >= 24;
}

/** The one-line complaint about `version` found at `execPath`, or null when it is fine. */
function problem(version, execPath) {
  if (supported(version)) return null;
  return (
    "Surge Bot needs " +
    NEEDED +
    "; found Node.js " +
    String(version).replace(/^v/, "") +
    " at " +
    execPath +
    ". Install Node 24 LTS from https://nodejs.org/en/download (or: nvm install 24), then try again."
  );
}

function main() {
  // The override lets the test suite see the refusal from a current Node; nothing else sets it.
  var message = problem(process.env.SURGE_PREFLIGHT_NODE_VERSION || process.versions.node, process.execPath);
  if (message !== null) {
    process.stderr.write(message + "\n");
    process.exit(1);
  }
}

if (require.main === module) main();

module.exports = { ENGINES: ENGINES, supported: supported, problem: problem };
