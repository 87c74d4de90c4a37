/** Types of line-icons.js (plain JavaScript: eslint.config.js reads it too). */
export function lineIconNames(): string[];
export function lucideComponentName(name: string): string;
