import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as fr from '@zxcvbn-ts/language-fr';

/**
 * Guessable passwords, refused at registration, password change and join (DESIGN.md §3;
 * docs/decisions.md, "Accounts and security"): zxcvbn-ts with its common and French dictionaries
 * and keyboard graphs (azerty included) estimates the guesses an attacker needs; fewer than
 * 10^5 is refused. The park's own words and the person's e-mail count as known to the attacker.
 */
const MIN_GUESSES_LOG10 = 5;
const PARK_WORDS = ['parc', 'aventure', 'landes', 'biscarrosse', 'mimizan', 'accrobranche', 'paintball'];

let estimator: ZxcvbnFactory | undefined;
function strength() {
  estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...fr.dictionary },
  });
  return estimator;
}

export function isCommonPassword(password: string, email?: string): boolean {
  const inputs = email ? [...PARK_WORDS, email, email.split('@')[0]!] : PARK_WORDS;
  return strength().check(password, inputs).guessesLog10 < MIN_GUESSES_LOG10;
}
