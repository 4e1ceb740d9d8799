/** What `checkLayering` found under a repository root: one line per problem, and how many files it checked. */
export interface LayeringReport {
  problems: string[];
  checked: number;
}

export function checkLayering(root: string): LayeringReport;
