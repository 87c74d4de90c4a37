// jest-dom matchers only make sense with a DOM; node-environment unit tests skip them.
if ('window' in globalThis && 'document' in globalThis) {
  await import('@testing-library/jest-dom/vitest');
}

export {};
