// A separate process standing in for the server while it speaks, for the test that kills it with
// SIGKILL: the real speech service asks its espeak-ng (argv[2]) for a line, and never gets it.
import { createSpeechService } from '../speech/speech-service';

const [espeak, cacheDir] = process.argv.slice(2) as [string, string];
const speech = createSpeechService({ ESPEAK_NG: espeak }, cacheDir);
process.stdout.write('speaking\n');
await speech.clip('A line that takes a long time to say.', 'en', 'account');
