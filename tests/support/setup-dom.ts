// jest-dom matchers only make sense with a DOM; node-environment unit tests skip them.
if ('window' in globalThis && 'document' in globalThis) {
  await import('@testing-library/jest-dom/vitest');
  // CI shares two cores between the whole suite: give findBy*/waitFor more than the 1 s default
  // before calling a screen wrong (they still return as soon as it is right).
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

export {};
