/** Where the platform serves the time worker script (PC-9.11; the spec leaves the path open). */
export const TIME_WORKER_PATH = '/shell-service/assets/time-worker.js';

/**
 * The time worker's script, shared by the client (which speaks its protocol) and the server
 * that serves it. It echoes the handshake and answers each `set` with a `fire` after the
 * delay; workers are throttled less than a background page's timers.
 */
export const TIME_WORKER_SOURCE = `const t=new Map();onmessage=(e)=>{const m=e.data||{};
if(m.type==='hello'){postMessage({type:'hello'});}
else if(m.type==='set'){t.set(m.id,setTimeout(()=>{t.delete(m.id);postMessage({type:'fire',id:m.id});},m.ms));}
else if(m.type==='clear'){clearTimeout(t.get(m.id));t.delete(m.id);}};`;
