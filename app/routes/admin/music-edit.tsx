export default function AdminPage() {
  return <h1>music-edit</h1>;
}
