import { platformQueries } from '@ics/platform-client/query';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { client } from './client.ts';

const repository = platformQueries(client).service('repository');

/**
 * A small "My projects" panel on the client's TanStack Query options: the list is one
 * cached query; adding a project invalidates it, so it is read again.
 */
export function MyProjects() {
  const projects = useQuery(repository.query('getProjects'));
  const create = useMutation(repository.mutation('createProject'));
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim() }, { onSuccess: () => setName('') });
  };

  return (
    <section className="host__projects" aria-labelledby="projects-title">
      <h2 id="projects-title">My projects</h2>
      {projects.isPending ? (
        <p>Loading projects…</p>
      ) : projects.isError ? (
        <p role="alert">The projects could not be loaded.</p>
      ) : projects.data.length === 0 ? (
        <p>No projects yet.</p>
      ) : (
        <ul aria-label="Projects">
          {projects.data.map((project) => (
            <li key={project.id}>{project.name}</li>
          ))}
        </ul>
      )}
      <form onSubmit={submit}>
        <label>
          New project <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>{' '}
        <button type="submit" className="ics-button" disabled={create.isPending}>
          Add project
        </button>
        {create.isError ? <p role="alert">{create.error.message}</p> : null}
      </form>
    </section>
  );
}
