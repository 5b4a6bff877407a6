// A clone has nothing beside it: no `../shared` (the project's shared data and tools, which CI
// has and a new user has not) and no other folder of this machine. So no script, test, bench
// or source file that the README's test command runs may name a path outside the repository;
// what they read lives in it (data/, scan/tests/images/) with its attribution. Prose (Markdown)
// may point at such places for a person to follow; code may not. Commands that need a tree
// kept outside on purpose (scripts/iss-compare.sh and its ISS copy) take it as an argument and
// say they were skipped without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const self = 'tests/repo/bare_clone.test.mjs';

/** Every file git keeps, less prose and data. */
const code = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && f !== self && !/\.(md|txt|jsonl|json|lock|png|jpg|dat|bin|svg|ico|woff2)$/.test(f)
    && !f.startsWith('data/') && !f.startsWith('fuzz/corpus/') && !f.startsWith('proptest-regressions/'));

// The project's shared folder beside the clone, however many `../` reach it, and this
// machine's own folders.
const outside = [/(?:\.\.\/)+shared\b/, /\/work\//, /\/root\//, /\$HOME\b/];

test('no file the tests run names a path outside the repository', () => {
  assert.ok(code.length > 100, `git lists the repository's files (${code.length} found)`);
  const found = [];
  for (const file of code) {
    const lines = readFileSync(`${root}/${file}`, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (outside.some((pattern) => pattern.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], `paths outside the repository:\n${found.join('\n')}`);
});

test('the photos the benchmarks read are in the repository', () => {
  const photos = execFileSync('git', ['ls-files', 'data/photos'], { cwd: root, encoding: 'utf8' })
    .split('\n').filter((f) => f.endsWith('.jpg'));
  assert.equal(photos.length, 160, 'data/photos holds the 160 photos with their truths');
});
