/** The group every user of a pool belongs to (visible as `cognito:groups` in tokens). */
export const POOL_GROUP = { learner: 'learners', admin: 'admins' } as const;
