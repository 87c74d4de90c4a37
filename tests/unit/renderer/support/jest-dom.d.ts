// The matchers are registered at run time by tests/support/setup-dom.ts, which belongs to the node
// tsconfig; this brings their types into the web tsconfig that checks the renderer tests.
/// <reference types="@testing-library/jest-dom/vitest" />
