export const generatorSessionsKey = ['prompt-generator', 'sessions'] as const;
export const generatorInstructionsKey = ['prompt-generator', 'instructions'] as const;
