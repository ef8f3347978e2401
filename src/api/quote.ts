// How an error message quotes a value the client sent: cut when long, so that an answer never echoes a whole body.
// Zod-free, for the service's errors and the contract's validators alike.

/** The value in single quotes, its first 60 characters and an ellipsis when longer. */
export function quote(value: string): string {
  return `'${value.length > 60 ? `${value.slice(0, 60)}…` : value}'`;
}
