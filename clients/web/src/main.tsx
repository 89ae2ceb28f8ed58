/** Hash routes, so the service serves one file for every page: `#/` the lobby, `#/games/G/matches/ID` a table. */
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Lobby } from "./Lobby";
import { Table } from "./Table";
import "./style.css";

const TABLE = /^#\/(games\/[^/]+\/matches\/[^/?#]+)/;

function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  const table = TABLE.exec(hash);
  return table ? <Table key={table[1]} name={decodeURIComponent(table[1])} /> : <Lobby />;
}

render(<App />, document.getElementById("app")!);
