/**
 * Audiences of SPEC.md section 3. quizAudience decides the quiz banner; SPEC.md does not say who is in it,
 * so every visitor is, unless a preview override ("quizAudience=false") says otherwise.
 */
export interface Audiences {
  quizAudience: boolean;
}

export function parseAudiences(text: string | null | undefined): Audiences {
  const match = /(?:^|,)\s*quizaudience\s*=\s*(true|false|1|0)\s*(?:,|$)/i.exec(text ?? "");
  return { quizAudience: match ? match[1] === "true" || match[1] === "1" : true };
}
