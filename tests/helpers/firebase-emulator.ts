import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A demo project: the emulator then never reaches Google, and needs no account. */
export const EMULATOR_PROJECT_ID = 'demo-comptoir';
const API_KEY = 'demo-api-key';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The Firebase Authentication emulator of firebase-tools (the npm package; it runs in Node, offline)
 * on free loopback ports, with the REST calls the web SDK would make, so API tests get real ID
 * tokens that firebase-admin verifies as it does in production (FIREBASE_AUTH_EMULATOR_HOST).
 */
export class AuthEmulator {
  private constructor(
    readonly host: string,
    private readonly child: ChildProcess,
    private readonly dir: string,
  ) {}

  static async start(): Promise<AuthEmulator> {
    const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-firebase-'));
    fs.writeFileSync(
      path.join(dir, 'firebase.json'),
      JSON.stringify({
        emulators: {
          auth: { host: '127.0.0.1', port: auth },
          hub: { host: '127.0.0.1', port: hub },
          logging: { host: '127.0.0.1', port: logging },
          ui: { enabled: false },
        },
      }),
    );
    const child = spawn(
      process.execPath,
      [
        path.resolve('node_modules/firebase-tools/lib/bin/firebase.js'),
        'emulators:start',
        '--only',
        'auth',
        '--project',
        EMULATOR_PROJECT_ID,
        '--config',
        path.join(dir, 'firebase.json'),
      ],
      // Its own folder: the CLI writes firebase-debug.log where it runs.
      { cwd: dir, stdio: 'ignore', env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' } },
    );
    const emulator = new AuthEmulator(`127.0.0.1:${auth}`, child, dir);
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const response = await fetch(`http://${emulator.host}/`);
        if (response.ok) return emulator;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || child.exitCode !== null) {
        await emulator.stop();
        throw new Error('The Firebase Auth emulator did not start within 60 s.');
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (this.child.exitCode === null) this.child.kill('SIGKILL');
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async call<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const response = await fetch(
      `http://${this.host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    const json = (await response.json()) as T & { error?: { message: string } };
    if (!response.ok) throw new Error(`${method}: ${json.error?.message ?? response.status}`);
    return json;
  }

  /** A new e-mail and password account, as createUserWithEmailAndPassword makes it. */
  async signUpWithEmail(email: string, password: string): Promise<string> {
    const { idToken } = await this.call<{ idToken: string }>('signUp', {
      email,
      password,
      returnSecureToken: true,
    });
    return idToken;
  }

  /**
   * Signs in with a phone by SMS code (the emulator keeps the code it « sent »); with `idToken`,
   * links the phone to that account instead, as linkWithPhoneNumber does.
   */
  async signInWithPhone(phoneNumber: string, idToken?: string): Promise<string> {
    const { sessionInfo } = await this.call<{ sessionInfo: string }>('sendVerificationCode', {
      phoneNumber,
      recaptchaToken: 'emulator',
    });
    const code = await this.lastCodeFor(phoneNumber);
    const signedIn = await this.call<{ idToken: string }>('signInWithPhoneNumber', {
      sessionInfo,
      code,
      ...(idToken ? { idToken } : {}),
    });
    return signedIn.idToken;
  }

  /** The newest SMS code the emulator « sent » to `phoneNumber` (its own endpoint). */
  async lastCodeFor(phoneNumber: string): Promise<string> {
    const response = await fetch(
      `http://${this.host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/verificationCodes`,
    );
    const { verificationCodes } = (await response.json()) as {
      verificationCodes: Array<{ phoneNumber: string; code: string }>;
    };
    const code = verificationCodes.filter((c) => c.phoneNumber === phoneNumber).at(-1)?.code;
    if (!code) throw new Error(`no code sent to ${phoneNumber}`);
    return code;
  }
}
