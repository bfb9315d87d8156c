/** What other features may use of the prompt generator: its service, as app.promptGenerator. */
export type { GeneratorInstructions, PromptGeneratorService } from './prompt-generator.service';
