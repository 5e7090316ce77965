/** Resolves undefined after `ms`: a race's losing side; the timer does not keep the process alive. */
export function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
