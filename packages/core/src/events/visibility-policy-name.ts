/**
 * How the log names a visibility policy (UserTopicChanged.v2): words an auditor reads without the
 * API's code table. The API keeps its numbers; views and projections convert at their edge.
 */
export type VisibilityPolicyName = 'inherit' | 'muted' | 'unmuted' | 'followed';
