# The Python examples of the user documents (README.md and the guide's pages in docs/) run as
# written, each in a fresh namespace.
import os
import re

import pytest

from conftest import ROOT

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EXAMPLES = [
    pytest.param(example, id=f"{document.name}:{number}")
    for document in DOCUMENTS
    for number, example in enumerate(re.findall(r"```python\n(.*?)```", document.read_text(), re.S))
]


def test_the_readme_and_the_python_page_have_examples():
    names = [example.id.split(":")[0] for example in EXAMPLES]
    assert names.count("README.md") >= 1
    assert names.count("python.md") >= 2  # Nim's data set, Kayles


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_example_runs(example, tmp_path, monkeypatch, nim_game_binary):
    # An example that runs nim-game finds the one under test first, as a shell would on PATH.
    monkeypatch.setenv("PATH", f"{os.path.dirname(os.path.abspath(nim_game_binary))}:"
                               f"{os.environ.get('PATH', '')}")
    monkeypatch.chdir(tmp_path)  # files an example writes stay out of the source tree
    assert len(example.splitlines()) <= 12
    exec(compile(example, "example", "exec"), {})
