// What a promise rejected with; a promise that resolves fails the test. For asserting on the error's
// code and fields, where `rejects.toMatchObject` would hide which step threw.
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
