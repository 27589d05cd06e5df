// Apache with mod_php under the prefork MPM: each PHP request in a process of its own, none shared
// while it runs, as shared hosting (and php-fpm) run PHP. For the tests and measurements that must
// hold under that model; it listens on loopback only and keeps everything in the folder it is given.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

const MODULES = '/usr/lib/apache2/modules';

/** mod_php's module file (Debian names it after PHP's version), if installed. */
function phpModule() {
  if (!existsSync(MODULES)) return undefined;
  const name = readdirSync(MODULES).find((file) => /^libphp[\d.]*\.so$/.test(file));
  return name === undefined ? undefined : join(MODULES, name);
}

/** Why Apache prefork with mod_php cannot run here, or undefined when it can. */
export function apachePreforkUnavailable() {
  if (spawnSync('apache2', ['-v']).status !== 0) return 'apache2 is not installed (apt-get install apache2 libapache2-mod-php)';
  if (!existsSync(join(MODULES, 'mod_mpm_prefork.so'))) return 'apache2 has no prefork MPM';
  if (phpModule() === undefined) return 'mod_php is not installed (apt-get install libapache2-mod-php)';
  return undefined;
}

/**
 * Starts Apache prefork serving `docRoot` with `workers` processes, its configuration, pid and logs
 * in `dir`. Run as root, its processes run as www-data, so `dir` is given to www-data: what the
 * test writes there afterwards must be readable (or writable) by others where PHP needs it.
 *
 * `allowOverride` is the docroot's AllowOverride (None, as Apache's default, unless given): e.g.
 * `FileInfo` for a test of an .htaccess as a shared host honours it (SetEnv among its directives).
 *
 * @param {{ dir: string, docRoot: string, workers: number, phpValues?: Record<string, string>, allowOverride?: string }} options
 */
export async function startApachePrefork({ dir, docRoot, workers, phpValues = {}, allowOverride = 'None' }) {
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const conf = `
ServerRoot ${dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${dir}/httpd.pid
ErrorLog ${dir}/error.log
LoadModule mpm_prefork_module ${MODULES}/mod_mpm_prefork.so
LoadModule authz_core_module ${MODULES}/mod_authz_core.so
LoadModule mime_module ${MODULES}/mod_mime.so
LoadModule dir_module ${MODULES}/mod_dir.so
LoadModule env_module ${MODULES}/mod_env.so
LoadModule php_module ${phpModule()}
TypesConfig /etc/mime.types
StartServers ${workers}
MinSpareServers ${workers}
MaxSpareServers ${workers}
ServerLimit ${workers}
MaxRequestWorkers ${workers}
ListenBacklog 64
Timeout 300
KeepAlive Off
DocumentRoot ${docRoot}
DirectoryIndex index.html
<Directory ${docRoot}>
  Require all granted
  AllowOverride ${allowOverride}
</Directory>
<FilesMatch "\\.php$">
  SetHandler application/x-httpd-php
</FilesMatch>
${asRoot ? 'User www-data\nGroup www-data' : ''}
${Object.entries(phpValues)
  .map(([name, value]) => `php_admin_value ${name} ${value}`)
  .join('\n')}
`;
  await writeFile(join(dir, 'httpd.conf'), conf);
  if (asRoot) spawnSync('chown', ['-R', 'www-data:www-data', dir]);
  // A process group of its own: stopping, Apache signals its whole group, which would otherwise be ours.
  const apache = spawn('apache2', ['-D', 'FOREGROUND', '-f', join(dir, 'httpd.conf')], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, APACHE_RUN_DIR: dir, APACHE_LOCK_DIR: dir, APACHE_LOG_DIR: dir },
  });
  const origin = `http://127.0.0.1:${port}`;
  const errorLog = () => readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
  const stop = async () => {
    if (apache.exitCode !== null || apache.signalCode !== null) return;
    const exited = new Promise((resolve) => apache.once('exit', resolve));
    apache.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    try {
      await fetch(`${origin}/`);
      return { origin, port, stop, errorLog };
    } catch {
      if (apache.exitCode !== null) throw new Error(`apache2 did not start:\n${await errorLog()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
