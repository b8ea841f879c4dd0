// npm 11 may skip the `node` package's install script silently and leave an older Node in use; stop early
// with a clear message instead of failing later in a confusing way (DESIGN section 2).
const major = Number(process.versions.node.split('.')[0]);
if (major !== 26) {
  console.error(
    `Vivier needs the Node 26 pinned in package.json, but this is Node ${process.version}.\n` +
      'Run `npm install` (it installs the pinned Node into node_modules/.bin); if npm skipped it, run\n' +
      '`npm install-scripts approve node && npm rebuild node` and try again.',
  );
  process.exit(1);
}
